"""Conv3d 16 -> 32 3x3x3, GroupNorm(8 groups), mean over D, H, W: (8, 16, 48, 96, 96) -> (8, 32)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, groups):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, 3, padding=1)
        self.gn = nn.GroupNorm(groups, out_channels)
        with torch.no_grad():
            self.gn.weight.copy_(torch.rand(out_channels) + 0.5)
            self.gn.bias.copy_(torch.randn(out_channels) * 0.5)

    def forward(self, x):
        return torch.mean(self.gn(self.conv(x)), dim=(2, 3, 4))


batch_size = 8
in_channels = 16
out_channels = 32
groups = 8
depth = 48
height = 96
width = 96

SMALL = {"batch_size": 2, "in_channels": 2, "out_channels": 8, "groups": 4, "depth": 6, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, groups]
