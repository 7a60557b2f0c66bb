"""BatchNorm2d in eval mode (running statistics) on (32, 72, 512, 512)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.bn = nn.BatchNorm2d(channels)
        with torch.no_grad():  # non-trivial statistics and affine parameters
            self.bn.running_mean.copy_(torch.randn(channels) * 0.2)
            self.bn.running_var.copy_(torch.rand(channels) * 2.0 + 0.25)
            self.bn.weight.copy_(torch.randn(channels) * 0.5 + 1.0)
            self.bn.bias.copy_(torch.randn(channels) * 0.2)

    def forward(self, x):
        return self.bn(x)


batch_size = 32
channels = 72
height = 512
width = 512

SMALL = {"batch_size": 2, "channels": 8, "height": 32, "width": 32}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
