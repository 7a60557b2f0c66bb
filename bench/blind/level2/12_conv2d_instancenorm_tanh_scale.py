"""Conv2d 32 -> 64 5x5, InstanceNorm2d, tanh, scale by 2: (32, 32, 192, 192) -> (32, 64, 192, 192)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, scale):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 5, padding=2)
        self.norm = nn.InstanceNorm2d(out_channels)
        self.scale = scale

    def forward(self, x):
        return torch.tanh(self.norm(self.conv(x))) * self.scale


batch_size = 32
in_channels = 32
out_channels = 64
height = 192
width = 192
scale = 2.0

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, scale]
