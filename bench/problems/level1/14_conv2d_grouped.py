"""Grouped 2D convolution (groups=4), 3x3, padding 1: (16, 128, 56, 56) -> (16, 256, 56, 56)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, groups):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride=1,
                              padding=kernel_size // 2, groups=groups, bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
in_channels = 128
out_channels = 256
kernel_size = 3
groups = 4
height = 56
width = 56

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, groups]
