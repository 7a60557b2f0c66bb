"""Conv3d 32 -> 32 3x3x3, MaxPool3d(2), logsumexp over channels (keepdim), ReLU: (8, 32, 32, 96, 96) -> (8, 1, 16, 48, 48)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, 3, padding=1)
        self.pool = nn.MaxPool3d(2)

    def forward(self, x):
        y = self.pool(self.conv(x))
        return torch.relu(torch.logsumexp(y, dim=1, keepdim=True))


batch_size = 8
in_channels = 32
out_channels = 32
depth = 32
height = 96
width = 96

SMALL = {"batch_size": 1, "in_channels": 4, "out_channels": 8, "depth": 4, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
