"""LayerNorm over the last dimension (with affine weight and bias) of x with shape (32, 512, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.ln = nn.LayerNorm(hidden_size, eps=1e-5)

    def forward(self, x):
        return self.ln(x)


batch_size = 32
seq_len = 512
hidden_size = 1024

SMALL = {"batch_size": 2, "seq_len": 16, "hidden_size": 256}


def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden_size)]


def get_init_inputs():
    return [hidden_size]
