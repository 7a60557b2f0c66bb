"""GroupNorm with 32 groups over 256 channels on (16, 256, 384, 384)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, groups, channels):
        super().__init__()
        self.gn = nn.GroupNorm(groups, channels)
        with torch.no_grad():
            self.gn.weight.copy_(torch.randn(channels) * 0.1 + 1.0)
            self.gn.bias.copy_(torch.randn(channels) * 0.1)

    def forward(self, x):
        return self.gn(x)


batch_size = 16
groups = 32
channels = 256
height = 384
width = 384

SMALL = {"batch_size": 2, "groups": 4, "channels": 16, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [groups, channels]
