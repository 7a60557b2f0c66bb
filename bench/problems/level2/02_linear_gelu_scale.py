"""Linear, exact GELU, then multiply by a constant: (2048, 2048) -> Linear(2048, 8192) -> GELU -> *0.5 -> (2048, 8192)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features, scaling_factor):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.scaling_factor = scaling_factor

    def forward(self, x):
        return F.gelu(self.linear(x)) * self.scaling_factor


batch_size = 2048
in_features = 2048
out_features = 8192
scaling_factor = 0.5

SMALL = {"batch_size": 4, "in_features": 64, "out_features": 128}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, scaling_factor]
