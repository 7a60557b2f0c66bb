"""Two pre-norm transformer encoder layers (SDPA, 8 heads, GELU feed-forward): (16, 512, 512) -> same."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads, hidden):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.ff1 = nn.Linear(dim, hidden)
        self.ff2 = nn.Linear(hidden, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        split = lambda y: y.reshape(b, t, self.heads, d // self.heads).transpose(1, 2)
        a = F.scaled_dot_product_attention(split(q), split(k), split(v))
        x = x + self.out(a.transpose(1, 2).reshape(b, t, d))
        return x + self.ff2(F.gelu(self.ff1(self.norm2(x))))


class Model(nn.Module):
    def __init__(self, dim, heads, hidden, layers):
        super().__init__()
        self.layers = nn.Sequential(*[EncoderLayer(dim, heads, hidden) for _ in range(layers)])

    def forward(self, x):
        return self.layers(x)


batch_size = 16
seq_len = 512
dim = 512
heads = 8
hidden = 2048
layers = 2

SMALL = {"batch_size": 2, "seq_len": 16, "dim": 32, "heads": 4, "hidden": 64}


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim, heads, hidden, layers]
