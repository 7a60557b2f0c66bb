"""Conv3d 24 -> 48 3x3x3 (valid), softmax over channels, sigmoid: (4, 24, 40, 96, 96) -> (4, 48, 38, 94, 94)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, 3)

    def forward(self, x):
        return torch.sigmoid(torch.softmax(self.conv(x), dim=1))


batch_size = 4
in_channels = 24
out_channels = 48
depth = 40
height = 96
width = 96

SMALL = {"batch_size": 1, "in_channels": 4, "out_channels": 8, "depth": 5, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
