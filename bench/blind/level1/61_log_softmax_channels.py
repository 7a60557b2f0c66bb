"""log_softmax over the channel dim (dim 1) of an NCHW map: (64, 1000, 96, 96)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.log_softmax(x, dim=1)


batch_size = 64
channels = 1000
height = 96
width = 96

SMALL = {"batch_size": 2, "channels": 10, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
