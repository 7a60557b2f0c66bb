"""ConvTranspose2d 4x4 stride 2 (padding 1) upsampling, then tanh: (16, 64, 64, 64) -> (16, 32, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding):
        super().__init__()
        self.conv_t = nn.ConvTranspose2d(in_channels, out_channels, kernel_size,
                                         stride=stride, padding=padding)

    def forward(self, x):
        return torch.tanh(self.conv_t(x))


batch_size = 16
in_channels = 64
out_channels = 32
kernel_size = 4
stride = 2
padding = 1
height = 64
width = 64

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 4, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, stride, padding]
