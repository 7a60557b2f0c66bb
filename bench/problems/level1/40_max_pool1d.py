"""1D max pooling, kernel 4, stride 2, padding 1: (32, 64, 16384) -> (32, 64, 8192)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, kernel_size, stride, padding):
        super().__init__()
        self.pool = nn.MaxPool1d(kernel_size, stride=stride, padding=padding)

    def forward(self, x):
        return self.pool(x)


batch_size = 32
channels = 64
length = 16384
kernel_size = 4
stride = 2
padding = 1

SMALL = {"batch_size": 2, "channels": 4, "length": 512}


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [kernel_size, stride, padding]
