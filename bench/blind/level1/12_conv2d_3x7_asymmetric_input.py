"""Conv2d with an odd asymmetric 3x7 kernel on a non-square input: (8, 64, 192, 320) -> (8, 96, 192, 320)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_h, kernel_w):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, (kernel_h, kernel_w),
                              padding=(kernel_h // 2, kernel_w // 2))

    def forward(self, x):
        return self.conv(x)


batch_size = 8
in_channels = 64
out_channels = 96
kernel_h = 3
kernel_w = 7
height = 192
width = 320

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 8, "height": 12, "width": 20}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_h, kernel_w]
