"""Conv2d on 3-channel images with a large strided kernel (9x9, stride 3, padding 4): (128, 3, 320, 480) -> (128, 64, 107, 160)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride=stride,
                              padding=kernel_size // 2)

    def forward(self, x):
        return self.conv(x)


batch_size = 128
in_channels = 3
out_channels = 64
kernel_size = 9
stride = 3
height = 320
width = 480

SMALL = {"batch_size": 2, "out_channels": 8, "height": 48, "width": 64}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, stride]
