"""MobileNet-style depthwise-separable block: DW Conv3x3-BN-ReLU then PW Conv1x1-BN-ReLU, (16, 128, 56, 56) -> (16, 256, 56, 56)."""
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
    def __init__(self, in_channels, out_channels, stride):
        super().__init__()
        self.dw = nn.Conv2d(in_channels, in_channels, 3, stride=stride, padding=1,
                            groups=in_channels, bias=False)
        self.bn1 = nn.BatchNorm2d(in_channels)
        self.pw = nn.Conv2d(in_channels, out_channels, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        _init_bn(self.bn1)
        _init_bn(self.bn2)

    def forward(self, x):
        x = torch.relu(self.bn1(self.dw(x)))
        return torch.relu(self.bn2(self.pw(x)))


batch_size = 16
in_channels = 128
out_channels = 256
stride = 1
height = 56
width = 56

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, stride]
