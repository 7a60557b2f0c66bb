"""Linear 1024 -> 4096, swish x * sigmoid(x), bias add, GroupNorm(32 groups) over features: (16384, 1024) -> (16384, 4096)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features, groups):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.bias = nn.Parameter(torch.randn(out_features) * 0.1)
        self.gn = nn.GroupNorm(groups, out_features)

    def forward(self, x):
        y = self.fc(x)
        y = y * torch.sigmoid(y) + self.bias
        return self.gn(y)


batch_size = 16384
in_features = 1024
out_features = 4096
groups = 32

SMALL = {"batch_size": 16, "in_features": 64, "out_features": 128, "groups": 8}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, groups]
