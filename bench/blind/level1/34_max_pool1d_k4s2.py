"""MaxPool1d, kernel 4, stride 2, padding 1: (192, 64, 65536) -> (192, 64, 32768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool1d(4, stride=2, padding=1)

    def forward(self, x):
        return self.pool(x)


batch_size = 192
channels = 64
length = 65536

SMALL = {"batch_size": 2, "channels": 4, "length": 1024}


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return []
