"""2D max pooling, kernel 3, stride 2, padding 1: (16, 64, 112, 112) -> (16, 64, 56, 56)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, kernel_size, stride, padding):
        super().__init__()
        self.pool = nn.MaxPool2d(kernel_size, stride=stride, padding=padding)

    def forward(self, x):
        return self.pool(x)


batch_size = 16
channels = 64
height = 112
width = 112
kernel_size = 3
stride = 2
padding = 1

SMALL = {"batch_size": 2, "channels": 4, "height": 16, "width": 18}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [kernel_size, stride, padding]
