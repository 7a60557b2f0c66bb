"""Conv2d 128 -> 256 3x3, GroupNorm(16 groups), SiLU: (16, 128, 96, 96) -> (16, 256, 96, 96)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, groups):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.gn = nn.GroupNorm(groups, out_channels)

    def forward(self, x):
        return F.silu(self.gn(self.conv(x)))


batch_size = 16
in_channels = 128
out_channels = 256
groups = 16
height = 96
width = 96

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "groups": 4, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, groups]
