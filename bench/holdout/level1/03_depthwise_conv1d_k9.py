"""Depthwise Conv1d, kernel 9, padding 4, with bias: (80, 512, 16384) -> same."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 9, padding=4, groups=channels)

    def forward(self, x):
        return self.conv(x)


batch_size = 80
channels = 512
length = 16384

SMALL = {"batch_size": 2, "channels": 8, "length": 64}


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels]
