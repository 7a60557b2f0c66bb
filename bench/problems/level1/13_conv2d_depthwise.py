"""Depthwise 2D convolution (groups = channels), 3x3, padding 1: (16, 128, 112, 112) -> (16, 128, 112, 112)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, kernel_size, stride=1,
                              padding=kernel_size // 2, groups=channels, bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
channels = 128
kernel_size = 3
height = 112
width = 112

SMALL = {"batch_size": 2, "channels": 8, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, kernel_size]
