"""GroupNorm with 8 groups (affine) on x with shape (16, 64, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, num_groups, num_features):
        super().__init__()
        self.gn = nn.GroupNorm(num_groups, num_features, eps=1e-5)

    def forward(self, x):
        return self.gn(x)


batch_size = 16
num_features = 64
num_groups = 8
height = 128
width = 128

SMALL = {"batch_size": 2, "num_features": 16, "num_groups": 4, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, num_features, height, width)]


def get_init_inputs():
    return [num_groups, num_features]
