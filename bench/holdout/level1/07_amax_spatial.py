"""Maximum over the two spatial dims of (160, 256, 128, 256) -> (160, 256)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.amax(x, dim=(2, 3))


batch_size = 160
channels = 256
height = 128
width = 256

SMALL = {"batch_size": 2, "channels": 4, "height": 8, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
