"""Global average pooling (adaptive avg pool to 1x1, flattened): (32, 512, 28, 28) -> (32, 512)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        return torch.flatten(self.pool(x), 1)


batch_size = 32
channels = 512
height = 28
width = 28

SMALL = {"batch_size": 2, "channels": 16, "height": 7, "width": 7}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
