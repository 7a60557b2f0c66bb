"""ConvTranspose3d 64 -> 32, 3x3x3, stride 2, scale by 0.5, AvgPool3d(2), clamp to [0, 1]: (8, 64, 24, 64, 64) -> (8, 32, 24, 64, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, scale):
        super().__init__()
        self.deconv = nn.ConvTranspose3d(in_channels, out_channels, 3, stride=2, padding=1,
                                         output_padding=1)
        self.pool = nn.AvgPool3d(2)
        self.scale = scale

    def forward(self, x):
        return torch.clamp(self.pool(self.deconv(x) * self.scale), 0.0, 1.0)


batch_size = 8
in_channels = 64
out_channels = 32
depth = 24
height = 64
width = 64
scale = 0.5

SMALL = {"batch_size": 1, "in_channels": 4, "out_channels": 4, "depth": 4, "height": 6, "width": 6}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, scale]
