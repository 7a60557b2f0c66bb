"""Pointwise (1x1) Conv2d expanding 256 -> 512 channels: (32, 256, 128, 128) -> (32, 512, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 1)

    def forward(self, x):
        return self.conv(x)


batch_size = 32
in_channels = 256
out_channels = 512
height = 128
width = 128

SMALL = {"batch_size": 2, "in_channels": 16, "out_channels": 32, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
