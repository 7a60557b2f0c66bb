"""Depthwise 3x3 Conv2d, BatchNorm2d (eval), ReLU6, pointwise 1x1 Conv2d 96 -> 128: (32, 96, 224, 224) -> (32, 128, 224, 224)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.dw = nn.Conv2d(in_channels, in_channels, 3, padding=1, groups=in_channels, bias=False)
        self.bn = nn.BatchNorm2d(in_channels)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(in_channels) * 0.1)
            self.bn.running_var.copy_(torch.rand(in_channels) + 0.5)
            self.bn.weight.copy_(torch.rand(in_channels) + 0.5)
            self.bn.bias.copy_(torch.randn(in_channels) * 0.1)
        self.pw = nn.Conv2d(in_channels, out_channels, 1)

    def forward(self, x):
        return self.pw(F.relu6(self.bn(self.dw(x))))


batch_size = 32
in_channels = 96
out_channels = 128
height = 224
width = 224

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
