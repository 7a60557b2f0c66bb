"""Softmax over the channel dim of (80, 64, 256, 512)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=1)


batch_size = 80
channels = 64
height = 256
width = 512

SMALL = {"batch_size": 2, "channels": 8, "height": 4, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
