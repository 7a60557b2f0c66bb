"""2D average pooling, kernel 2, stride 2: (16, 128, 128, 128) -> (16, 128, 64, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, kernel_size, stride):
        super().__init__()
        self.pool = nn.AvgPool2d(kernel_size, stride=stride)

    def forward(self, x):
        return self.pool(x)


batch_size = 16
channels = 128
height = 128
width = 128
kernel_size = 2
stride = 2

SMALL = {"batch_size": 2, "channels": 4, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [kernel_size, stride]
