"""Pointwise (1x1) 2D convolution: (16, 256, 56, 56) -> (16, 512, 56, 56)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size=1, bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
in_channels = 256
out_channels = 512
height = 56
width = 56

SMALL = {"batch_size": 2, "in_channels": 16, "out_channels": 24, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
