"""Conv2d 3x3 (padding 1), ReLU, then add a per-channel bias: (16, 64, 64, 64) -> (16, 128, 64, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)
        self.bias = nn.Parameter(torch.randn(out_channels, 1, 1) * 0.1)

    def forward(self, x):
        return torch.relu(self.conv(x)) + self.bias


batch_size = 16
in_channels = 64
out_channels = 128
kernel_size = 3
height = 64
width = 64

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
