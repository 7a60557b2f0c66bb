"""Conv2d 3x3 (padding 1), GroupNorm (8 groups), per-channel scale: (16, 32, 128, 128) -> (16, 64, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, num_groups):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)
        self.gn = nn.GroupNorm(num_groups, out_channels)
        self.scale = nn.Parameter(torch.rand(out_channels, 1, 1) + 0.5)

    def forward(self, x):
        return self.gn(self.conv(x)) * self.scale


batch_size = 16
in_channels = 32
out_channels = 64
kernel_size = 3
num_groups = 8
height = 128
width = 128

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "num_groups": 4, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, num_groups]
