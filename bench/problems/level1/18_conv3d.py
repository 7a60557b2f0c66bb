"""3D convolution, 3x3x3 kernel, padding 1: (8, 16, 32, 64, 64) -> (8, 32, 32, 64, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, kernel_size, stride=1,
                              padding=kernel_size // 2, bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 8
in_channels = 16
out_channels = 32
kernel_size = 3
depth = 32
height = 64
width = 64

SMALL = {"batch_size": 1, "in_channels": 2, "out_channels": 4, "depth": 6, "height": 10, "width": 10}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
