"""Pre-LN transformer encoder block written out (LayerNorm, 8-head softmax self-attention, GELU MLP, residuals): (8, 512, 512) -> same."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, d_model, num_heads, ffn_dim):
        super().__init__()
        assert d_model % num_heads == 0
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.ln1 = nn.LayerNorm(d_model)
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, d_model)

    def attention(self, x):
        b, s, d = x.shape
        qkv = self.qkv(x).reshape(b, s, 3, self.num_heads, self.head_dim)
        qkv = qkv.permute(2, 0, 3, 1, 4)           # (3, b, heads, s, head_dim)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.head_dim)
        attn = torch.softmax(scores, dim=-1)
        out = torch.matmul(attn, v)                 # (b, heads, s, head_dim)
        out = out.transpose(1, 2).reshape(b, s, d)
        return self.proj(out)

    def forward(self, x):
        x = x + self.attention(self.ln1(x))
        x = x + self.fc2(F.gelu(self.fc1(self.ln2(x))))
        return x


batch_size = 8
seq_len = 512
d_model = 512
num_heads = 8
ffn_dim = 2048

SMALL = {"batch_size": 2, "seq_len": 16, "d_model": 64, "num_heads": 4, "ffn_dim": 128}


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model)]


def get_init_inputs():
    return [d_model, num_heads, ffn_dim]
