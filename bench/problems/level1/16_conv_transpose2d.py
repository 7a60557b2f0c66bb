"""Transposed 2D convolution, 3x3, stride 2, padding 1, output_padding 1: (16, 128, 56, 56) -> (16, 64, 112, 112)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super().__init__()
        self.conv_t = nn.ConvTranspose2d(in_channels, out_channels, kernel_size,
                                         stride=stride, padding=kernel_size // 2,
                                         output_padding=stride - 1, bias=True)

    def forward(self, x):
        return self.conv_t(x)


batch_size = 16
in_channels = 128
out_channels = 64
kernel_size = 3
stride = 2
height = 56
width = 56

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 4, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, stride]
