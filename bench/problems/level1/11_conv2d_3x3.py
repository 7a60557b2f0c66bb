"""Standard 2D convolution, 3x3 kernel, stride 1, padding 1: (16, 64, 112, 112) -> (16, 128, 112, 112)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size,
                              stride=1, padding=kernel_size // 2, bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
in_channels = 64
out_channels = 128
kernel_size = 3
height = 112
width = 112

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 16, "width": 20}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
