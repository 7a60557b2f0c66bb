"""ConvTranspose3d 64 -> 32, kernel 4, stride 2, padding 1: (8, 64, 16, 48, 48) -> (8, 32, 32, 96, 96)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.deconv = nn.ConvTranspose3d(in_channels, out_channels, 4, stride=2, padding=1)

    def forward(self, x):
        return self.deconv(x)


batch_size = 8
in_channels = 64
out_channels = 32
depth = 16
height = 48
width = 48

SMALL = {"batch_size": 1, "in_channels": 4, "out_channels": 4, "depth": 4, "height": 6, "width": 6}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
