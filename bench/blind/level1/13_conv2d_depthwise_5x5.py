"""Depthwise Conv2d, 5x5 kernel, padding 2, groups = channels: (32, 320, 240, 240) -> same shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, kernel_size, padding=kernel_size // 2,
                              groups=channels)

    def forward(self, x):
        return self.conv(x)


batch_size = 32
channels = 320
kernel_size = 5
height = 240
width = 240

SMALL = {"batch_size": 2, "channels": 8, "height": 24, "width": 24}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, kernel_size]
