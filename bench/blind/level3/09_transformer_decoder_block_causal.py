"""Transformer decoder block (pre-LN causal self-attention with a torch.triu mask, GELU MLP, residuals): (16, 1024, 512) -> same."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, dim, heads, seq_len):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(dim)
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.proj = nn.Linear(dim, dim)
        self.ln2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)
        # True above the diagonal: position t may not attend to later positions.
        self.register_buffer("mask", torch.triu(torch.ones(seq_len, seq_len), diagonal=1).bool())

    def forward(self, x):
        b, t, d = x.shape
        h = self.heads
        y = self.ln1(x)
        q = self.q(y).reshape(b, t, h, d // h).transpose(1, 2)
        k = self.k(y).reshape(b, t, h, d // h).transpose(1, 2)
        v = self.v(y).reshape(b, t, h, d // h).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d // h)
        scores = scores.masked_fill(self.mask, float("-inf"))
        att = torch.matmul(torch.softmax(scores, dim=-1), v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(att)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


batch_size = 16
seq_len = 1024
dim = 512
heads = 8

SMALL = {"batch_size": 2, "seq_len": 16, "dim": 32, "heads": 2}


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim, heads, seq_len]
