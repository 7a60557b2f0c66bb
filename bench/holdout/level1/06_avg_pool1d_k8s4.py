"""AvgPool1d, kernel 8, stride 4: (128, 256, 32768) -> (128, 256, 8191)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool1d(8, stride=4)

    def forward(self, x):
        return self.pool(x)


batch_size = 128
channels = 256
length = 32768

SMALL = {"batch_size": 2, "channels": 4, "length": 64}


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return []
