"""GroupNorm over the features of a (16384, 4096) batch of rows."""
import torch
import torch.nn as nn

ROWS = 16384
FEATURES = 4096
GROUPS = 32
SMALL = {"ROWS": 16, "FEATURES": 128, "GROUPS": 8}


class Model(nn.Module):
    def __init__(self, features, groups):
        super().__init__()
        self.gn = nn.GroupNorm(groups, features)

    def forward(self, x):
        return self.gn(x)


def get_inputs():
    return [torch.randn(ROWS, FEATURES)]


def get_init_inputs():
    return [FEATURES, GROUPS]
