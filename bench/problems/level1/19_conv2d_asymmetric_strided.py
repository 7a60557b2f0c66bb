"""2D convolution with an asymmetric 3x5 kernel, stride 2, padding (1, 2): (16, 32, 224, 224) -> (16, 64, 112, 112)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_h, kernel_w, stride):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, (kernel_h, kernel_w),
                              stride=stride, padding=(kernel_h // 2, kernel_w // 2),
                              bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
in_channels = 32
out_channels = 64
kernel_h = 3
kernel_w = 5
stride = 2
height = 224
width = 224

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 18, "width": 22}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_h, kernel_w, stride]
