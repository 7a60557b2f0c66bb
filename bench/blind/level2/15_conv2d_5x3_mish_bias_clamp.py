"""Conv2d 48 -> 96 with a 5x3 kernel, Mish, per-channel bias add, clamp to [-1, 1]: (24, 48, 144, 208) -> (24, 96, 144, 208)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, (5, 3), padding=(2, 1))
        self.bias = nn.Parameter(torch.randn(out_channels, 1, 1) * 0.1)

    def forward(self, x):
        return torch.clamp(F.mish(self.conv(x)) + self.bias, -1.0, 1.0)


batch_size = 24
in_channels = 48
out_channels = 96
height = 144
width = 208

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 12, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
