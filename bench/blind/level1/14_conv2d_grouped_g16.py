"""Grouped Conv2d, 16 groups, 3x3, padding 1: (32, 512, 96, 96) -> (32, 512, 96, 96)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels, groups):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1, groups=groups)

    def forward(self, x):
        return self.conv(x)


batch_size = 32
channels = 512
groups = 16
height = 96
width = 96

SMALL = {"batch_size": 2, "channels": 32, "groups": 4, "height": 10, "width": 10}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, groups]
