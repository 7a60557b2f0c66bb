"""Temporal conv net: four residual blocks of dilated Conv1d k3 (dilation 1, 2, 4, 8; padding keeps length), ReLU: (32, 256, 8192) -> same."""
import torch
import torch.nn as nn


class TemporalBlock(nn.Module):
    def __init__(self, channels, dilation):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation)
        self.conv2 = nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation)

    def forward(self, x):
        y = torch.relu(self.conv1(x))
        return torch.relu(self.conv2(y) + x)


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.blocks = nn.Sequential(*[TemporalBlock(channels, d) for d in (1, 2, 4, 8)])

    def forward(self, x):
        return self.blocks(x)


batch_size = 32
channels = 256
length = 8192

SMALL = {"batch_size": 2, "channels": 8, "length": 64}


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels]
