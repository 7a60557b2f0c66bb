"""Conv2d 3x3 (padding 1), ReLU, mean over H and W: (32, 128, 28, 28) -> (32, 256)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)

    def forward(self, x):
        return torch.mean(torch.relu(self.conv(x)), dim=(2, 3))


batch_size = 32
in_channels = 128
out_channels = 256
kernel_size = 3
height = 28
width = 28

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "height": 7, "width": 7}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
