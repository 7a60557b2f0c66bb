"""F.scaled_dot_product_attention (no mask) with q, k, v of shape (8, 12, 2048, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v)


batch_size = 8
heads = 12
seq_len = 2048
head_dim = 64

SMALL = {"batch_size": 1, "heads": 2, "seq_len": 64, "head_dim": 16}


def get_inputs():
    return [torch.randn(batch_size, heads, seq_len, head_dim),
            torch.randn(batch_size, heads, seq_len, head_dim),
            torch.randn(batch_size, heads, seq_len, head_dim)]


def get_init_inputs():
    return []
