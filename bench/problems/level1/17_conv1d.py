"""1D convolution, kernel 5, padding 2: (32, 64, 8192) -> (32, 128, 8192)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, stride=1,
                              padding=kernel_size // 2, bias=True)

    def forward(self, x):
        return self.conv(x)


batch_size = 32
in_channels = 64
out_channels = 128
kernel_size = 5
length = 8192

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "length": 256}


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
