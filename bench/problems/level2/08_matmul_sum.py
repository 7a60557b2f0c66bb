"""GEMM followed by a row reduction: sum(x @ W.T + b, dim=1, keepdim): (1024, 8192) -> Linear(8192, 4096) -> (1024, 1)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.sum(self.linear(x), dim=1, keepdim=True)


batch_size = 1024
in_features = 8192
out_features = 4096

SMALL = {"batch_size": 4, "in_features": 128, "out_features": 64}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
