"""ResNet basic block (Conv3x3-BN-ReLU-Conv3x3-BN + identity, ReLU), BN in eval mode: (16, 64, 56, 56) -> same."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _init_bn(bn):
    # Non-trivial running statistics and affine parameters for eval mode.
    c = bn.num_features
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.1)
        bn.running_var.copy_(torch.rand(c) + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.1)


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        _init_bn(self.bn1)
        _init_bn(self.bn2)

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return torch.relu(out + x)


batch_size = 16
channels = 64
height = 56
width = 56

SMALL = {"batch_size": 2, "channels": 8, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
