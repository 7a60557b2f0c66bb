"""Conv3d 32 -> 48 channels, 3x3x3, padding 1, on a non-cubic volume: (4, 32, 24, 112, 112) -> (4, 48, 24, 112, 112)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


batch_size = 4
in_channels = 32
out_channels = 48
depth = 24
height = 112
width = 112

SMALL = {"batch_size": 1, "in_channels": 4, "out_channels": 8, "depth": 6, "height": 10, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
