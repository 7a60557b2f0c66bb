"""Conv2d 3x3 (padding 1), MaxPool2d 2x2, sigmoid: (16, 32, 128, 128) -> (16, 64, 64, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, pool_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)
        self.pool = nn.MaxPool2d(pool_size)

    def forward(self, x):
        return torch.sigmoid(self.pool(self.conv(x)))


batch_size = 16
in_channels = 32
out_channels = 64
kernel_size = 3
pool_size = 2
height = 128
width = 128

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, pool_size]
