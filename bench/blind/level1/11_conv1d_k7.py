"""Conv1d 96 -> 192 channels, kernel 7, padding 3, over long sequences: (32, 96, 16384) -> (32, 192, 16384)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)

    def forward(self, x):
        return self.conv(x)


batch_size = 32
in_channels = 96
out_channels = 192
kernel_size = 7
length = 16384

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "length": 256}


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
