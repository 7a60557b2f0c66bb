"""MaxPool3d, kernel 3, stride 2, padding 1: (8, 32, 64, 256, 256) -> (8, 32, 32, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool3d(3, stride=2, padding=1)

    def forward(self, x):
        return self.pool(x)


batch_size = 8
channels = 32
depth = 64
height = 256
width = 256

SMALL = {"batch_size": 1, "channels": 4, "depth": 8, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, depth, height, width)]


def get_init_inputs():
    return []
